-- The local mail catcher (the CLI's Inbucket/Mailpit): every e-mail auth would
-- send is kept here, per database, so stacks never see each other's mail.
create table _stack.mail_messages (
  id uuid primary key default gen_random_uuid(),
  recipient text not null,
  subject text not null,
  html text not null,
  text text not null,
  action_link text,
  mail_type text not null,
  created_at timestamptz not null default clock_timestamp()
);
create index mail_messages_recipient_created_idx on _stack.mail_messages (lower(recipient), created_at desc);
