-- 20 users (password load-test-pw, bcrypt cost 10 as GoTrue uses), 50 notes each.
insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                        raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
                        confirmation_token, recovery_token, email_change_token_new, email_change)
select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
       format('load%s@example.com', n), crypt('load-test-pw', gen_salt('bf', 10)), now(),
       '{"provider":"email","providers":["email"]}', '{}', now(), now(), '', '', '', ''
from generate_series(1, 20) as n;

insert into public.notes (owner, body)
select u.id, format('note %s of %s', n, u.email)
from auth.users u, generate_series(1, 50) as n;
