// The password rule forms show before submit. Auth enforces the real one from
// `[auth] minimum_password_length` in supabase/config.toml (a test keeps the two equal).
export const MIN_PASSWORD_LENGTH = 10;
