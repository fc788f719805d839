// The import's steps: read the file, map its columns, check every row in one round (the
// forms' rules in the browser and a dry run of every row in the database, side by side, so the
// report names every problem at once), and commit all rows or none. The steps' own work is in
// parseFile.ts, mapping.ts, validate.ts and importApi.ts; their wording in importMessages.ts.
import { useInvalidate, useTranslate } from "@refinedev/core";
import { useState } from "react";
import { findResource } from "../../resources";
import type { ResourceDefinition } from "../../resources/types";
import { importRows, labelMessageIn, rowProblemOf } from "./importApi";
import { cellMessageIn, duplicateMessageIn } from "./importMessages";
import { type ColumnMapping, guessMapping, importFields } from "./mapping";
import { type ParsedFile, parseCsvFile } from "./parseFile";
import { useFieldLabel } from "./useFieldLabel";
import { mergeProblems, type RowProblem, readRows } from "./validate";

export type ImportStep = "file" | "map" | "checking" | "report" | "ready" | "committing" | "done";

export function useCsvImport(def: ResourceDefinition) {
  const t = useTranslate();
  const invalidate = useInvalidate();
  const labelOf = useFieldLabel(def);
  const fields = importFields(def);
  const [step, setStep] = useState<ImportStep>("file");
  const [file, setFile] = useState<ParsedFile & { name: string }>();
  const [mapping, setMapping] = useState<ColumnMapping>({});
  const [problems, setProblems] = useState<RowProblem[]>([]);
  const [truncated, setTruncated] = useState(false);
  const [rows, setRows] = useState<Record<string, unknown>[]>([]);
  const [inserted, setInserted] = useState(0);
  const [failure, setFailure] = useState<string>();

  const cellMessage = cellMessageIn(t, labelOf);
  const labelMessage = labelMessageIn(t);
  const duplicateMessage = duplicateMessageIn(t, labelOf);

  const reset = () => {
    setStep("file");
    setFile(undefined);
    setProblems([]);
    setTruncated(false);
    setRows([]);
    setFailure(undefined);
  };

  const pick = async (chosen: File) => {
    setFailure(undefined);
    const parsed = await parseCsvFile(chosen);
    setFile({ ...parsed, name: chosen.name });
    setMapping(guessMapping(parsed.headers, fields, labelOf));
    setStep("map");
  };

  /** Runs one call to the database; a call that fails as a whole keeps the step and says why. */
  const guarded = async (back: ImportStep, work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      setFailure((error as Error).message);
      setStep(back);
    }
  };

  const check = () =>
    guarded("map", async () => {
      if (!file) return;
      setStep("checking");
      setFailure(undefined);
      const read = await readRows(file.records, mapping, fields, cellMessage);
      setRows(read.rows);
      // Every row goes to the dry run (a cell that could not be read is left out), so a
      // duplicate or a missing reference is reported with the forms' rules, not after them.
      const outcome = await importRows(def, read.rows, true, findResource);
      const inFile = { rows: read.rows, message: duplicateMessage };
      const found = mergeProblems(
        read.problems,
        outcome.errors.map((error) => rowProblemOf(error, def, findResource, labelMessage, inFile)),
      );
      setProblems(found);
      setTruncated(outcome.truncated);
      setStep(found.length > 0 ? "report" : "ready");
    });

  const commit = () =>
    guarded("ready", async () => {
      setStep("committing");
      const outcome = await importRows(def, rows, false, findResource);
      if (!outcome.committed) {
        // The data changed since the dry run: nothing was written; show what fails now.
        setProblems(outcome.errors.map((error) => rowProblemOf(error, def, findResource, labelMessage)));
        setTruncated(outcome.truncated);
        setStep("report");
        return;
      }
      setInserted(outcome.inserted);
      setStep("done");
      await invalidate({ resource: def.name, invalidates: ["list", "many"] });
    });

  return {
    step,
    file,
    fields,
    mapping,
    setMapping,
    problems,
    truncated,
    rowCount: rows.length || file?.records.length || 0,
    inserted,
    failure,
    setFailure,
    labelOf,
    pick,
    check,
    commit,
    reset,
    backToMapping: () => setStep("map"),
  };
}

export type CsvImport = ReturnType<typeof useCsvImport>;
