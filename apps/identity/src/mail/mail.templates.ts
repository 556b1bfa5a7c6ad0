import type { MailRequested } from '@kanban/contracts';

type Template = { subject: string; text: string };

const TEMPLATES: Record<MailRequested['template'], Record<'de' | 'en', Template>> = {
  password_reset: {
    en: {
      subject: 'Reset your password',
      text: 'Hello {first_name},\n\nsomeone asked to reset the password of your account. Open this link within one hour to choose a new one:\n\n{link}\n\nIf it was not you, ignore this mail.',
    },
    de: {
      subject: 'Passwort zurücksetzen',
      text: 'Hallo {first_name},\n\nfür Ihr Konto wurde das Zurücksetzen des Passworts angefordert. Öffnen Sie diesen Link innerhalb einer Stunde, um ein neues zu wählen:\n\n{link}\n\nWaren Sie das nicht, ignorieren Sie diese E-Mail.',
    },
  },
  confirm_email: {
    en: { subject: 'Confirm your e-mail address', text: 'Hello {first_name},\n\nplease confirm your e-mail address:\n\n{link}' },
    de: { subject: 'E-Mail-Adresse bestätigen', text: 'Hallo {first_name},\n\nbitte bestätigen Sie Ihre E-Mail-Adresse:\n\n{link}' },
  },
  invitation: {
    en: { subject: 'You have been invited to {company}', text: 'Hello {first_name},\n\nyou have been given access to {company}. Open this link to sign in:\n\n{link}' },
    de: { subject: 'Einladung zu {company}', text: 'Hallo {first_name},\n\nSie haben Zugang zu {company} erhalten. Öffnen Sie diesen Link, um sich anzumelden:\n\n{link}' },
  },
  join_invitation: {
    en: {
      subject: 'Invitation to {company}',
      text: 'Hello {first_name},\n\nyou have been invited to join {company}. Sign in with your account and accept the invitation with this link (valid for 14 days):\n\n{link}\n\nIf you do not want to join, ignore this mail.',
    },
    de: {
      subject: 'Einladung zu {company}',
      text: 'Hallo {first_name},\n\nSie wurden eingeladen, {company} beizutreten. Melden Sie sich mit Ihrem Konto an und nehmen Sie die Einladung mit diesem Link an (14 Tage gültig):\n\n{link}\n\nMöchten Sie nicht beitreten, ignorieren Sie diese E-Mail.',
    },
  },
  support_request: {
    en: { subject: 'Support request #{request_id}: {subject}', text: 'From: {from}\nCompany: {company}\n\n{message}' },
    de: { subject: 'Supportanfrage #{request_id}: {subject}', text: 'Von: {from}\nFirma: {company}\n\n{message}' },
  },
};

export function renderMail(request: MailRequested): Template {
  const template = TEMPLATES[request.template][request.language] ?? TEMPLATES[request.template].en;
  const fill = (s: string) => s.replace(/\{(\w+)\}/g, (_, key: string) => request.params[key] ?? '');
  return { subject: fill(template.subject), text: fill(template.text) };
}
