/*
 * GitBook's table block read as a grid: columns from the view's ordered definition ids, records
 * in `orderIndex` order (fractional indexes: byte order), cell merges by anchor. A text cell's
 * value names a fragment of the block holding its rich text; other cells hold plain values
 * whose meaning the column's definition gives (numbers, checkboxes, file or user ids, select
 * options, a content ref, an image).
 */
import { dataOf, isJson, nonEmptyString, numberOf, stringOf, type Json } from "./nodes";

export interface TableColumn {
  id: string;
  title: string;
  /** The definition's type: text, number, checkbox, files, users, rating, select, content-ref, image. */
  type: string;
  definition: Json;
}

export interface TableRecord {
  id: string;
  values: Json;
}

export interface TableModel {
  view: "grid" | "cards";
  columns: TableColumn[];
  records: TableRecord[];
  hideHeader: boolean;
  /** Cards: the column whose content ref the card links to, and its cover images. */
  targetColumn?: string;
  coverColumn?: string;
  coverDarkColumn?: string;
  cardSize: "medium" | "large";
  /** Merged ranges by their anchor cell (`record\u0000column`). */
  merges: Map<string, { rowSpan: number; colSpan: number }>;
}

export const cellKey = (record: string, column: string) => `${record}\u0000${column}`;

export function tableModel(node: Json): TableModel {
  const data = dataOf(node);
  const view = isJson(data.view) ? data.view : {};
  const definitions = isJson(data.definition) ? data.definition : {};
  const columnIds = Array.isArray(view.columns) ? view.columns.filter((id): id is string => typeof id === "string") : Object.keys(definitions);
  const columns = [...new Set(columnIds)].flatMap((id): TableColumn[] => {
    const definition = definitions[id];
    if (!isJson(definition)) return [];
    return [{ id, title: stringOf(definition.title) ?? "", type: stringOf(definition.type) ?? "text", definition }];
  });
  const recordsById = isJson(data.records) ? data.records : {};
  const records = Object.entries(recordsById)
    .flatMap(([id, record]): Array<TableRecord & { order: string }> =>
      isJson(record) ? [{ id, order: stringOf(record.orderIndex) ?? "", values: isJson(record.values) ? record.values : {} }] : [],
    )
    .sort((a, b) => (a.order < b.order ? -1 : a.order > b.order ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map(({ id, values }) => ({ id, values }));
  const cards = view.type === "cards";
  return {
    view: cards ? "cards" : "grid",
    columns,
    records,
    hideHeader: cards ? view.hideColumnTitle === true : view.hideHeader === true,
    ...optional("targetColumn", cards ? nonEmptyString(view.targetDefinition) : undefined),
    ...optional("coverColumn", cards ? nonEmptyString(view.coverDefinition) : undefined),
    ...optional("coverDarkColumn", cards ? nonEmptyString(view.coverDefinitionDark) : undefined),
    cardSize: view.cardSize === "large" ? "large" : "medium",
    merges: cards ? new Map() : mergesOf(data.cellMerges),
  };
}

const optional = <K extends string, V>(key: K, value: V | undefined) => (value === undefined ? {} : ({ [key]: value } as { [P in K]: V }));

function mergesOf(value: unknown): TableModel["merges"] {
  const merges: TableModel["merges"] = new Map();
  if (!Array.isArray(value)) return merges;
  for (const merge of value.filter(isJson)) {
    const anchor = isJson(merge.anchor) ? merge.anchor : {};
    const record = stringOf(anchor.record);
    const column = stringOf(anchor.column);
    const rowSpan = Math.min(Math.max(Math.trunc(numberOf(merge.rowSpan) ?? 1), 1), 50);
    const colSpan = Math.min(Math.max(Math.trunc(numberOf(merge.colSpan) ?? 1), 1), 50);
    if (record && column && (rowSpan > 1 || colSpan > 1)) merges.set(cellKey(record, column), { rowSpan, colSpan });
  }
  return merges;
}

/** The ids a list cell holds (files, users, select options). */
export const idsOf = (value: unknown): string[] => (Array.isArray(value) ? value.filter((id): id is string => typeof id === "string" && id !== "") : []);

/** The ref of an image cell: a ContentRef itself, or `{ref, alt, objectFit}`. */
export function imageCellOf(value: unknown): { ref: Json; alt?: string } | undefined {
  if (!isJson(value)) return undefined;
  if (typeof value.kind === "string") return { ref: value };
  if (!isJson(value.ref)) return undefined;
  const alt = stringOf(value.alt);
  return alt === undefined ? { ref: value.ref } : { ref: value.ref, alt };
}

/** Every ContentRef the table's cells hold, for referencesOf. */
export function tableRecordRefs(node: Json): Json[] {
  const { columns, records } = tableModel(node);
  const refs: Json[] = [];
  for (const record of records) {
    for (const column of columns) {
      const value = record.values[column.id];
      if (column.type === "content-ref" && isJson(value)) refs.push(value);
      if (column.type === "image") {
        const image = imageCellOf(value);
        if (image) refs.push(image.ref);
      }
      if (column.type === "files") for (const file of idsOf(value)) refs.push({ kind: "file", file });
      if (column.type === "users") for (const user of idsOf(value)) refs.push({ kind: "user", user });
    }
  }
  return refs;
}
