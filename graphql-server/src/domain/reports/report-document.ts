import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Document, Font, Page, renderToBuffer, StyleSheet, Text, View } from '@react-pdf/renderer';
import { CASE_STATUS_LABELS } from '@vetconsult/schema/values';
import { createElement as h, type ReactElement, type ReactNode } from 'react';
import type { ReportData, ReportFile } from './report-data';

// The consultation report as a PDF (@react-pdf/renderer: real text layout, page breaks, a header and a
// "Page X of Y" footer repeated on every page). DejaVu Sans is embedded, so any name prints (é, ü, ř, —);
// the PDF's built-in fonts only cover Latin-1.

const FONT = 'DejaVu Sans';
const fontsDir = join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
Font.register({
  family: FONT,
  fonts: [
    { src: join(fontsDir, 'DejaVuSans.ttf') },
    { src: join(fontsDir, 'DejaVuSans-Bold.ttf'), fontWeight: 'bold' },
    { src: join(fontsDir, 'DejaVuSans-Oblique.ttf'), fontStyle: 'italic' },
  ],
});
// Words are kept whole (the default hyphenation splits names and file names oddly).
Font.registerHyphenationCallback((word) => [word]);

const styles = StyleSheet.create({
  page: { fontFamily: FONT, fontSize: 9.5, color: '#1e293b', paddingTop: 76, paddingBottom: 56, paddingHorizontal: 44 },
  header: {
    position: 'absolute',
    top: 26,
    left: 44,
    right: 44,
    flexDirection: 'row',
    justifyContent: 'space-between',
    borderBottomWidth: 1,
    borderBottomColor: '#0f766e',
    paddingBottom: 6,
  },
  headerTitle: { fontSize: 12, fontWeight: 'bold', color: '#0f766e' },
  headerMeta: { fontSize: 8.5, color: '#475569', textAlign: 'right' },
  footer: {
    position: 'absolute',
    bottom: 26,
    left: 44,
    right: 44,
    flexDirection: 'row',
    justifyContent: 'space-between',
    fontSize: 8,
    color: '#64748b',
  },
  section: { marginBottom: 12 },
  sectionTitle: {
    fontSize: 11,
    fontWeight: 'bold',
    color: '#0f172a',
    marginBottom: 5,
    paddingBottom: 2,
    borderBottomWidth: 0.5,
    borderBottomColor: '#cbd5e1',
  },
  grid: { flexDirection: 'row', flexWrap: 'wrap' },
  cell: { width: '33.3%', marginBottom: 5, paddingRight: 6 },
  halfCell: { width: '50%', marginBottom: 5, paddingRight: 6 },
  label: { fontSize: 7.5, color: '#64748b' },
  value: { fontSize: 9.5 },
  prose: { marginBottom: 5 },
  row: { flexDirection: 'row', paddingVertical: 2.5, borderBottomWidth: 0.5, borderBottomColor: '#e2e8f0' },
  muted: { color: '#64748b' },
  question: { fontWeight: 'bold', marginTop: 4 },
});

const dash = '—';
const text = (value: string | number | null | undefined) =>
  value === null || value === undefined || String(value).trim() === '' ? dash : String(value);

/** SPEC §9 file sizes: Bytes, KB, MB, GB, base 1024, 2 decimals. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} Bytes`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(2)} ${units[unit]}`;
}

/** A date and time in the reader's time zone, with the zone's abbreviation. */
export function formatInZone(date: Date | null, timeZone: string): string {
  if (!date) return dash;
  return new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(date);
}

function Section(title: string, ...children: ReactNode[]) {
  return h(
    View,
    { style: styles.section },
    h(Text, { style: styles.sectionTitle, minPresenceAhead: 40 }, title),
    ...children,
  );
}

function Field(label: string, value: string, style = styles.cell) {
  return h(
    View,
    { style, key: label, wrap: false },
    h(Text, { style: styles.label }, label),
    h(Text, { style: styles.value }, value),
  );
}

/** Free text: one block per paragraph (blank lines), so long texts break across pages between them. */
function Prose(value: string | null) {
  const paragraphs = text(value)
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  return h(
    View,
    null,
    ...paragraphs.map((paragraph, index) => h(Text, { style: styles.prose, key: String(index) }, paragraph)),
  );
}

function FileList(files: ReportFile[], empty: string, timeZone: string) {
  if (files.length === 0) return h(Text, { style: styles.muted }, empty);
  return h(
    View,
    null,
    ...files.map((file, index) =>
      h(
        View,
        { style: styles.row, key: String(index), wrap: false },
        h(Text, { style: { width: '52%' } }, file.filename),
        h(Text, { style: { width: '16%', color: '#475569' } }, formatFileSize(file.fileSize)),
        h(
          Text,
          { style: { width: '32%', color: '#475569', textAlign: 'right' } },
          formatInZone(file.createdAt, timeZone),
        ),
      ),
    ),
  );
}

export interface ReportOptions {
  /** IANA zone the dates are shown in: the reader's. */
  timeZone: string;
}

export function ReportDocument(data: ReportData, { timeZone }: ReportOptions): ReactElement {
  const p = data.patient;
  const patientName = [p.patientName, p.familyLastName].filter(Boolean).join(' ') || 'Unnamed patient';
  const age = p.age !== null ? `${p.age} ${p.ageUnit ?? ''}`.trim() : null;
  return h(
    Document,
    {
      title: `Consultation report ${data.displayId} — ${patientName}`,
      author: data.specialist ?? 'VetConsult',
      subject: `${data.specialty ?? ''} consultation`,
      creator: 'VetConsult',
      producer: 'VetConsult',
    },
    h(
      Page,
      { size: 'A4', style: styles.page },
      h(
        View,
        { style: styles.header, fixed: true },
        h(
          View,
          null,
          h(Text, { style: styles.headerTitle }, 'Consultation Report'),
          h(Text, { style: styles.headerMeta }, `${patientName} · ${text(data.specialty)}`),
        ),
        h(
          View,
          null,
          h(Text, { style: styles.headerMeta }, `Case #${data.displayId} · ${data.label}`),
          h(Text, { style: styles.headerMeta }, text(data.clinic.name)),
        ),
      ),
      Section(
        'Clinic and Veterinarian',
        h(
          View,
          { style: styles.grid },
          Field('Clinic', text(data.clinic.name), styles.halfCell),
          Field('Clinic Address', text(data.clinic.address), styles.halfCell),
          Field('Veterinarian', text(data.veterinarian.name), styles.halfCell),
          Field('Veterinarian Email', text(data.veterinarian.email), styles.halfCell),
        ),
      ),
      Section(
        'Patient Information',
        h(
          View,
          { style: styles.grid },
          Field('Patient Name', text(p.patientName)),
          Field('Family Last Name', text(p.familyLastName)),
          Field('Contact Email', text(p.contactEmail)),
          Field('Submitting DVM', text(p.submittingDvm)),
          Field('Date of Birth', text(p.dateOfBirth)),
          Field('Species', text(p.species)),
          Field('Sex', text(p.sex)),
          Field('Breed', text(p.breed)),
          Field('Spay/Neuter Status', text(p.spayNeuterStatus)),
          Field('Age', text(age)),
        ),
      ),
      Section(
        'Specialty and Specialist',
        h(
          View,
          { style: styles.grid },
          Field('Specialty', text(data.specialty), styles.halfCell),
          Field('Specialist', text(data.specialist), styles.halfCell),
        ),
      ),
      Section(
        'Dates',
        h(
          View,
          { style: styles.grid },
          Field('Submitted', formatInZone(data.submittedAt, timeZone)),
          Field('Accepted', formatInZone(data.acceptedAt, timeZone)),
          Field('Reviewed', formatInZone(data.reviewedAt, timeZone)),
        ),
        h(Text, { style: { ...styles.muted, fontSize: 7.5 } }, `Times shown in ${timeZone}.`),
      ),
      Section('Clinical Signs', Prose(data.clinicalSigns)),
      Section(
        'Questions for the Specialist',
        Prose(data.questions),
        ...data.responses.map((response, index) =>
          h(
            View,
            { key: String(index), wrap: false },
            h(Text, { style: styles.question }, text(response.questionText)),
            h(Text, { style: styles.prose }, text(response.answer)),
          ),
        ),
      ),
      Section('Specialist Summary', Prose(data.summary)),
      Section('Diagnostic Files', FileList(data.diagnosticFiles, 'No diagnostic files were uploaded.', timeZone)),
      Section('Summary Attachments', FileList(data.attachments, 'No attachments.', timeZone)),
      Section(
        'Revisit History',
        data.revisits.length === 0
          ? h(Text, { style: styles.muted }, 'No revisits.')
          : h(
              View,
              null,
              ...data.revisits.map((entry) =>
                h(
                  View,
                  { style: styles.row, key: entry.displayId, wrap: false },
                  h(
                    Text,
                    { style: { width: '22%', fontWeight: entry.current ? 'bold' : 'normal' } },
                    `#${entry.displayId}`,
                  ),
                  h(Text, { style: { width: '20%' } }, entry.label),
                  h(
                    Text,
                    { style: { width: '16%' } },
                    CASE_STATUS_LABELS[entry.status as keyof typeof CASE_STATUS_LABELS] ?? entry.status,
                  ),
                  h(
                    Text,
                    { style: { width: '42%', textAlign: 'right', color: '#475569' } },
                    `Submitted ${formatInZone(entry.createdAt, timeZone)}`,
                  ),
                ),
              ),
            ),
      ),
      h(
        View,
        { style: styles.footer, fixed: true },
        h(Text, null, `VetConsult · Case #${data.displayId}`),
        h(Text, { render: ({ pageNumber, totalPages }) => `Page ${pageNumber} of ${totalPages}` }),
      ),
    ),
  );
}

/** Renders the report to PDF bytes (CPU-bound, about a second for a few pages). */
export async function renderReport(data: ReportData, options: ReportOptions): Promise<Buffer> {
  // renderToBuffer's type asks for a <Document> element, which ReportDocument returns.
  return renderToBuffer(ReportDocument(data, options) as Parameters<typeof renderToBuffer>[0]);
}
