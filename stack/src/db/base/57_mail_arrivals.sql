-- The mail catcher as the QA kit and Mailpit clients read it (docs/qa.md): arrival order
-- (`seq`, exact where several mails share a timestamp), Mailpit's read flag, and a
-- notification per committed mail so `POST /_mail/api/next` waits without polling.
alter table _stack.mail_messages add column seq bigint generated always as identity;
alter table _stack.mail_messages add column read boolean not null default false;
create index mail_messages_seq_idx on _stack.mail_messages (seq);

create function _stack.mail_arrived() returns trigger
language plpgsql as $$
begin
  perform pg_notify('stack_mail', new.id::text);
  return null;
end
$$;

create trigger mail_arrived after insert on _stack.mail_messages
for each row execute function _stack.mail_arrived();
