-- Nothing to seed: every test makes the users it needs (createUser, signIn).
select 1;
