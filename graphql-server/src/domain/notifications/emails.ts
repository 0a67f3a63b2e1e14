import { Body, Button, Container, Head, Heading, Hr, Html, Link, Preview, render, Text } from '@react-email/components';
import { createElement as h, type ReactElement } from 'react';
import type { NotificationKind } from '../../generated/prisma/enums';

// The e-mails of notifications (issue 14): one component per message, over one layout in the product's
// look (the web's teal primary, slate text), rendered to HTML and plain text by react-email (which
// escapes every inserted value: patient names, summaries and names are user text). Links are absolute
// (PUBLIC_URL). A non-transactional mail carries its category's one-click unsubscribe link.

const colors = { primary: '#0f766e', text: '#0f172a', muted: '#64748b', border: '#e2e8f0', page: '#f8fafc' };

interface LayoutProps {
  preview: string;
  heading: string;
  lines: string[];
  action: { label: string; url: string };
  /** Absent on transactional mail. */
  unsubscribe?: { url: string; category: string };
}

function Layout(props: LayoutProps): ReactElement {
  return h(
    Html,
    { lang: 'en' },
    h(Head, null),
    h(Preview, null, props.preview),
    h(
      Body,
      { style: { backgroundColor: colors.page, fontFamily: 'Inter, Segoe UI, Helvetica, Arial, sans-serif' } },
      h(
        Container,
        {
          style: {
            backgroundColor: '#ffffff',
            border: `1px solid ${colors.border}`,
            borderRadius: 12,
            margin: '24px auto',
            maxWidth: 560,
            padding: 32,
          },
        },
        h(Text, { style: { color: colors.primary, fontSize: 14, fontWeight: 700, margin: 0 } }, 'VetConsult'),
        h(Heading, { as: 'h1', style: { color: colors.text, fontSize: 20, margin: '16px 0' } }, props.heading),
        ...props.lines.map((line, i) =>
          h(Text, { key: i, style: { color: colors.text, fontSize: 15, lineHeight: '22px' } }, line),
        ),
        h(
          Button,
          {
            href: props.action.url,
            style: {
              backgroundColor: colors.primary,
              borderRadius: 8,
              color: '#ffffff',
              fontSize: 15,
              fontWeight: 600,
              padding: '10px 18px',
            },
          },
          props.action.label,
        ),
        h(Hr, { style: { borderColor: colors.border, margin: '24px 0 12px' } }),
        props.unsubscribe
          ? h(
              Text,
              { style: { color: colors.muted, fontSize: 12 } },
              `You receive this because ${props.unsubscribe.category} are on in Settings › Notifications. `,
              h(Link, { href: props.unsubscribe.url, style: { color: colors.muted } }, 'Unsubscribe'),
            )
          : h(
              Text,
              { style: { color: colors.muted, fontSize: 12 } },
              'VetConsult — veterinary specialist consultations',
            ),
      ),
    ),
  );
}

export interface NotificationMailProps {
  /** The notification's own text (one line, in the product's words). */
  text: string;
  patient: string;
  caseUrl: string;
  /** The summary's first lines (case_reviewed). */
  summaryLines?: string[];
  unsubscribe: { url: string; category: string };
}

type Mail = (p: NotificationMailProps) => { subject: string; element: ReactElement };

const open = (label: string) => (p: NotificationMailProps) => ({ label, url: p.caseUrl });

const CaseAssignedEmail: Mail = (p) => ({
  subject: `New consult: ${p.patient}`,
  element: h(Layout, {
    preview: p.text,
    heading: 'A new consult for you',
    lines: [p.text],
    action: open('Open the case')(p),
    unsubscribe: p.unsubscribe,
  }),
});
const CaseAvailableEmail: Mail = (p) => ({
  subject: `Consult available: ${p.patient}`,
  element: h(Layout, {
    preview: p.text,
    heading: 'A consult is available in your specialty',
    lines: [p.text, 'The first specialist to accept it takes it.'],
    action: open('See the case')(p),
    unsubscribe: p.unsubscribe,
  }),
});
const CaseAcceptedEmail: Mail = (p) => ({
  subject: p.text,
  element: h(Layout, {
    preview: p.text,
    heading: 'Your consult was accepted',
    lines: [p.text],
    action: open('Open the case')(p),
    unsubscribe: p.unsubscribe,
  }),
});
const RevisitAcceptedEmail: Mail = (p) => ({
  subject: p.text,
  element: h(Layout, {
    preview: p.text,
    heading: 'Your revisit was accepted',
    lines: [p.text],
    action: open('Open the case')(p),
    unsubscribe: p.unsubscribe,
  }),
});
const CaseReviewedEmail: Mail = (p) => ({
  subject: `Consult reviewed: ${p.patient}`,
  element: h(Layout, {
    preview: p.text,
    heading: 'Your consult has been reviewed',
    lines: [p.text.split(': ')[0] ?? p.text, ...(p.summaryLines ?? [])],
    action: open('Read the summary')(p),
    unsubscribe: p.unsubscribe,
  }),
});
const CaseDeclinedEmail: Mail = (p) => ({
  subject: p.text,
  element: h(Layout, {
    preview: p.text,
    heading: 'Your consult was declined',
    lines: [p.text],
    action: open('Open the case')(p),
    unsubscribe: p.unsubscribe,
  }),
});
const MessageReceivedEmail: Mail = (p) => ({
  subject: p.text,
  element: h(Layout, {
    preview: p.text,
    heading: 'A new message',
    lines: [p.text],
    action: open('Read the message')(p),
    unsubscribe: p.unsubscribe,
  }),
});
const ReminderPendingEmail: Mail = (p) => ({
  subject: `Reminder: ${p.patient}’s consult is waiting`,
  element: h(Layout, {
    preview: p.text,
    heading: 'A consult is waiting for you',
    lines: [p.text],
    action: open('Open the case')(p),
    unsubscribe: p.unsubscribe,
  }),
});
const ReminderDraftEmail: Mail = (p) => ({
  subject: `Reminder: finish ${p.patient}’s consult`,
  element: h(Layout, {
    preview: p.text,
    heading: 'Your draft is waiting',
    lines: [p.text],
    action: open('Finish the draft')(p),
    unsubscribe: p.unsubscribe,
  }),
});

const MAILS: Record<NotificationKind, Mail> = {
  case_assigned: CaseAssignedEmail,
  case_available: CaseAvailableEmail,
  case_accepted: CaseAcceptedEmail,
  revisit_accepted: RevisitAcceptedEmail,
  case_reviewed: CaseReviewedEmail,
  case_declined: CaseDeclinedEmail,
  message_received: MessageReceivedEmail,
  reminder_pending: ReminderPendingEmail,
  reminder_draft: ReminderDraftEmail,
};

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

async function renderElement(subject: string, element: ReactElement): Promise<RenderedMail> {
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject, html, text };
}

export function renderNotificationMail(kind: NotificationKind, props: NotificationMailProps): Promise<RenderedMail> {
  const { subject, element } = MAILS[kind](props);
  return renderElement(subject, element);
}

// Transactional mail (the account's own business, sent whatever the notification switches say): no
// unsubscribe link, no List-Unsubscribe header. Their jobs are in account-mails.ts.

/** The specialist's account was approved by an administrator (SPEC §1: a confirmation e-mail on approval). */
export function SpecialistApprovedEmail(p: { name: string; specialty: string | null; signInUrl: string }) {
  return {
    subject: 'Your VetConsult specialist account is approved',
    element: h(Layout, {
      preview: 'Your specialist account has been approved',
      heading: 'Your account is approved',
      lines: [
        `Hello ${p.name},`,
        `Your specialist account has been approved. You can now sign in, set your availability and accept cases in ${p.specialty ?? 'your specialty'}.`,
      ],
      action: { label: 'Sign in', url: p.signInUrl },
    }),
  };
}

/** A password-reset link (SPEC §4: it expires in 1 hour and works once). */
export function PasswordResetEmail(p: { name: string; resetUrl: string }) {
  return {
    subject: 'Reset your VetConsult password',
    element: h(Layout, {
      preview: 'Choose a new password for VetConsult',
      heading: 'Reset your password',
      lines: [
        `Hello ${p.name},`,
        'Use this secure link to choose a new password. It expires in 1 hour and works once.',
        'If you did not ask for this, you can ignore this e-mail.',
      ],
      action: { label: 'Choose a new password', url: p.resetUrl },
    }),
  };
}

export function renderSpecialistApprovedMail(p: Parameters<typeof SpecialistApprovedEmail>[0]): Promise<RenderedMail> {
  const { subject, element } = SpecialistApprovedEmail(p);
  return renderElement(subject, element);
}

export function renderPasswordResetMail(p: Parameters<typeof PasswordResetEmail>[0]): Promise<RenderedMail> {
  const { subject, element } = PasswordResetEmail(p);
  return renderElement(subject, element);
}
