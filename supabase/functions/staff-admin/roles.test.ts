// The function's roles must be the staff_role enum the console's types are generated from.
import { describe, expect, it } from "vitest";
import { Constants } from "../../../src/resources/database.types";
import { ROLES } from "./roles";

describe("staff-admin roles", () => {
  it("are the staff_role enum, in its order", () => {
    expect(ROLES).toEqual(Constants.public.Enums.staff_role);
  });
});
