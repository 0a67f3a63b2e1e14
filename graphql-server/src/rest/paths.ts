// The REST paths of downloads: both doors hand them out (GraphQL's url fields, REST's case views).

export const fileDownloadPath = (fileId: number) => `/api/files/${fileId}/download`;
export const thumbnailPath = (fileId: number) => `/api/files/${fileId}/thumbnail`;
export const reportPath = (uuid: string) => `/api/cases/${uuid}/report.pdf`;
