// The Tables screen stores only what the admin gave: blank texts are left out (the generator
// decides), every action is said, and what the form does not show (search columns) is kept.
import { describe, expect, it } from "vitest";
import { refusedBucketColumn, toSettings } from "./TableSettingsDrawer";

describe("toSettings", () => {
  it("keeps what the admin gave and drops blanks", () => {
    const settings = toSettings(
      {
        labels: { en: { singular: " Ticket ", plural: "" }, de: { singular: "", plural: "" } },
        title_field: "subject",
        list_columns: ["subject", "status"],
        hidden: [],
        sort_field: "created_at",
        sort_order: "desc",
        actions: ["create", "edit", "export"],
        fields: {
          subject: { en: "Subject", de: "Betreff", help_en: "", help_de: "Kurz halten" },
          avatar: { bucket: " avatars " },
          notes: {},
        },
      },
      { search_columns: ["subject"] },
    );
    expect(settings).toEqual({
      search_columns: ["subject"],
      labels: { en: { singular: "Ticket" } },
      title_field: "subject",
      list_columns: ["subject", "status"],
      hidden: null,
      default_sort: { field: "created_at", order: "desc" },
      actions: { create: true, edit: true, delete: false, export: true, import: false },
      field_labels: { subject: { en: "Subject", de: "Betreff" } },
      help: { subject: { de: "Kurz halten" } },
      file_columns: { avatar: { bucket: "avatars" } },
    });
  });
});

describe("refusedBucketColumn", () => {
  it("names the file column whose bucket set_table_settings refused, by code", () => {
    const refused = (hint: string, details: string | null) =>
      Object.assign(new Error("There is no bucket avatarz for the file column avatar_url."), {
        cause: { message: "", hint, details },
      });
    expect(refusedBucketColumn(refused("OPSDESK_NO_SUCH_BUCKET", "avatar_url"))).toBe("avatar_url");
    expect(refusedBucketColumn(refused("OPSDESK_BAD_SETTINGS", "avatar_url"))).toBeUndefined();
    expect(refusedBucketColumn(refused("OPSDESK_NO_SUCH_BUCKET", null))).toBeUndefined();
    expect(refusedBucketColumn(new Error("offline"))).toBeUndefined();
  });
});
