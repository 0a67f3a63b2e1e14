/** How a role reads on screen (settings, the users list, the sidebar). */
export const ROLE_LABEL: Record<string, string> = {
  VETERINARIAN: 'Veterinarian',
  SPECIALIST: 'Specialist',
  ADMIN: 'Administrator',
};

export const roleLabel = (role: string): string => ROLE_LABEL[role] ?? role;
