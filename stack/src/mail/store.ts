// Reading and writing caught mail. Writes take the caller's client so a mail is
// kept only if the operation that sent it commits.
import type pg from "pg";

export interface MailMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  action_link: string | null;
  type: string;
  created_at: string;
  /** Arrival order. */
  seq: string;
  /** Mailpit's read flag (the Mailpit API sets it). */
  read: boolean;
}

interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  actionLink: string | null;
  type: string;
}

type Db = pg.ClientBase | pg.Pool;

const COLUMNS = `id, recipient as "to", subject, text, html, action_link, mail_type as type,
  to_char(created_at at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at, seq, read`;

export async function storeMail(db: Db, mail: OutgoingMail): Promise<void> {
  await db.query(
    "insert into _stack.mail_messages (recipient, subject, html, text, action_link, mail_type) values ($1, $2, $3, $4, $5, $6)",
    [mail.to, mail.subject, mail.html, mail.text, mail.actionLink, mail.type],
  );
}

/** Newest first; `to` filters case-insensitively. */
export async function listMail(db: Db, to?: string, limit = 200): Promise<MailMessage[]> {
  const { rows } = await db.query<MailMessage>(
    `select ${COLUMNS} from _stack.mail_messages
     where $1::text is null or lower(recipient) = lower($1)
     order by seq desc limit $2`,
    [to ?? null, limit],
  );
  return rows;
}

export async function getMail(db: Db, id: string): Promise<MailMessage | null> {
  const { rows } = await db.query<MailMessage>(`select ${COLUMNS} from _stack.mail_messages where id = $1`, [id]);
  return rows[0] ?? null;
}

export async function clearMail(db: Db, to?: string): Promise<number> {
  const { rowCount } = await db.query(
    "delete from _stack.mail_messages where $1::text is null or lower(recipient) = lower($1)",
    [to ?? null],
  );
  return rowCount ?? 0;
}

/** The oldest mail to `to` whose subject contains `subject` (both case-insensitive), skipping `exclude`. */
export async function firstMail(
  db: Db,
  filter: { to?: string; subject?: string; exclude: string[] },
): Promise<MailMessage | null> {
  const { rows } = await db.query<MailMessage>(
    `select ${COLUMNS} from _stack.mail_messages
     where ($1::text is null or lower(recipient) = lower($1))
       and ($2::text is null or strpos(lower(subject), lower($2)) > 0)
       and not (id::text = any($3::text[]))
     order by seq limit 1`,
    [filter.to ?? null, filter.subject ?? null, filter.exclude],
  );
  return rows[0] ?? null;
}

/** Every mail, oldest first (Mailpit's search filters them in the stack, mail/mailpit.ts). */
export async function allMail(db: Db): Promise<MailMessage[]> {
  const { rows } = await db.query<MailMessage>(`select ${COLUMNS} from _stack.mail_messages order by seq`);
  return rows;
}

export async function deleteMailByIds(db: Db, ids: string[]): Promise<number> {
  const { rowCount } = await db.query("delete from _stack.mail_messages where id::text = any($1::text[])", [ids]);
  return rowCount ?? 0;
}

export async function markMailRead(db: Db, ids: string[] | null, read: boolean): Promise<void> {
  await db.query("update _stack.mail_messages set read = $2 where $1::text[] is null or id::text = any($1::text[])", [
    ids,
    read,
  ]);
}
