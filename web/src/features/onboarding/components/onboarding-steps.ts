// SPEC §2 "Onboarding welcome card": the three steps, by role.

export interface OnboardingStep {
  title: string;
  points: string[];
  note?: string;
}

export const VETERINARIAN_STEPS: OnboardingStep[] = [
  {
    title: 'Getting Started',
    points: [
      'Submit cases with clinical details and media',
      'Receive expert opinions from specialists',
      'Track case progress through the dashboard',
    ],
  },
  {
    title: 'Submitting Cases',
    points: ['Complete the case form', 'Upload relevant media', 'Wait for specialist review'],
  },
  {
    title: 'Specialist Network',
    points: ['Board-certified specialists across many disciplines'],
    note: "You're all set to submit your first case! Go to the Consults tab to create a consultation request.",
  },
];

export const SPECIALIST_STEPS: OnboardingStep[] = [
  {
    title: 'Getting Started',
    points: [
      'Set your availability calendar',
      'Review and accept cases in your specialty',
      'Provide expert consultations and recommendations',
    ],
  },
  {
    title: 'Managing Consults',
    points: ['Review available cases', 'Accept cases you can help with', 'Provide your expert opinion'],
    note: "You'll be notified when cases matching your specialty are submitted.",
  },
  {
    title: 'Setting Availability',
    points: ['Your availability calendar helps match cases to your schedule'],
    note: 'Your account needs approval before you can accept cases. Our team reviews your credentials, and you will receive a confirmation e-mail once approved.',
  },
];
