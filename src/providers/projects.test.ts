// @vitest-environment jsdom
// Hosted use: the projects an operator adds on the sign-in page, and the keys that must never
// reach a browser (a secret or service-role key) refused with the reason.
import { beforeEach, describe, expect, it } from "vitest";
import {
  chooseProject,
  currentProject,
  forgetProject,
  keyProblem,
  projectUrl,
  rememberedProjects,
  switchProject,
} from "./projects";

const jwt = (payload: object) => ["e30", btoa(JSON.stringify(payload)).replace(/=+$/, ""), "sig"].join(".");

describe("projects", () => {
  beforeEach(() => localStorage.clear());

  it("takes publishable and anon keys and refuses secret and service-role keys", () => {
    expect(keyProblem("sb_publishable_abc123_XYZ")).toBeUndefined();
    expect(keyProblem(jwt({ role: "anon", iss: "supabase" }))).toBeUndefined();
    expect(keyProblem("sb_secret_abc123")).toBe("secretKey");
    expect(keyProblem(` ${jwt({ role: "service_role" })} `)).toBe("serviceRoleKey");
    expect(keyProblem("hello")).toBe("notAKey");
    expect(keyProblem(jwt({ role: "authenticated" }))).toBe("notAKey");
  });

  it("takes https project URLs, and http only on this machine", () => {
    expect(projectUrl("https://abc.supabase.co/")).toBe("https://abc.supabase.co");
    expect(projectUrl("https://abc.supabase.co/rest/v1")).toBe("https://abc.supabase.co");
    expect(projectUrl("http://127.0.0.1:54321")).toBe("http://127.0.0.1:54321");
    expect(projectUrl("http://abc.supabase.co")).toBeUndefined();
    expect(projectUrl("https://user:pw@abc.supabase.co")).toBeUndefined();
    expect(projectUrl("javascript:alert(1)")).toBeUndefined();
  });

  it("remembers several projects, switches and forgets, and never stores a secret key", () => {
    expect(chooseProject("https://a.supabase.co", "sb_secret_x")).toBe("secretKey");
    expect(rememberedProjects()).toEqual([]);
    expect(localStorage.getItem("opsdesk.projects")).toBeNull();
    expect(chooseProject("https://a.supabase.co", "sb_publishable_a")).toBeUndefined();
    expect(chooseProject("https://b.supabase.co/", "sb_publishable_b")).toBeUndefined();
    expect(currentProject()).toEqual({ url: "https://b.supabase.co", key: "sb_publishable_b" });
    switchProject("https://a.supabase.co");
    expect(currentProject()?.url).toBe("https://a.supabase.co");
    expect(rememberedProjects().map((p) => p.url)).toEqual(["https://b.supabase.co", "https://a.supabase.co"]);
    forgetProject("https://a.supabase.co");
    expect(currentProject()).toBeUndefined();
    // A secret key written into storage by hand is not taken either.
    localStorage.setItem("opsdesk.projects", JSON.stringify([{ url: "https://c.supabase.co", key: "sb_secret_c" }]));
    expect(rememberedProjects()).toEqual([]);
  });
});
