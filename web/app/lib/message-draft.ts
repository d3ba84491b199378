import { positiveInt } from './address';

/** What Communications' compose form holds, as posted: the preview dialog carries it on and hands it back to edit. */
export interface Draft {
  subject: string;
  comment: string;
  recipients: number[];
  all: boolean;
}

export function draftOf(form: FormData): Draft {
  return {
    subject: String(form.get('subject') ?? ''),
    comment: String(form.get('comment') ?? ''),
    recipients: form.getAll('recipient').map((v) => positiveInt(String(v))).filter((v): v is number => v !== null),
    all: form.get('all') === '1',
  };
}
