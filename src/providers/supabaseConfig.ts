// Where the backend is: the project URL and its public (anon) key, from the build's environment.

/** The Supabase CLI's well-known local anon key (public by design). */
const LOCAL_ANON_KEY =
  "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0";

export const SUPABASE_URL: string = import.meta.env.VITE_SUPABASE_URL || "http://127.0.0.1:54321";
export const SUPABASE_ANON_KEY: string = import.meta.env.VITE_SUPABASE_ANON_KEY || LOCAL_ANON_KEY;
