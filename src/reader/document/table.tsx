/*
 * GitBook's table block: a grid (<table>, header cells scoped to their columns, merged cells as
 * rowspan/colspan) or cards (a card per record, linked to the target column's ref with a
 * stretched link, covered with the cover column's image).
 */
import type { Child } from "hono/jsx";
import { imageElements } from "./media";
import { dataOf, type Json } from "./nodes";
import type { RenderState } from "./render-state";
import { namedLink } from "./links";
import { renderCell } from "./table-cells";
import { cellKey, imageCellOf, tableModel, type TableModel } from "./table-values";

export function renderTable(node: Json, state: RenderState): Child {
  const model = tableModel(node);
  if (model.columns.length === 0) return null;
  return model.view === "cards" ? renderCards(node, model, state) : renderGrid(node, model, state);
}

/** Cells hidden under a merged cell (every cell of a merge but its anchor). */
function coveredCells(model: TableModel): Set<string> {
  const covered = new Set<string>();
  const rowOf = new Map(model.records.map((record, index) => [record.id, index]));
  const columnOf = new Map(model.columns.map((column, index) => [column.id, index]));
  for (const [key, span] of model.merges) {
    const [recordId, columnId] = key.split("\u0000") as [string, string];
    const row = rowOf.get(recordId);
    const column = columnOf.get(columnId);
    if (row === undefined || column === undefined) continue;
    const lastRow = Math.min(row + span.rowSpan, model.records.length);
    const lastColumn = Math.min(column + span.colSpan, model.columns.length);
    for (let r: number = row; r < lastRow; r++) {
      for (let c: number = column; c < lastColumn; c++) {
        if (r !== row || c !== column) covered.add(cellKey(model.records[r]!.id, model.columns[c]!.id));
      }
    }
  }
  return covered;
}

function alignClass(definition: Json): string | undefined {
  const align = definition.textAlignment;
  return align === "center" || align === "right" ? `doc-align-${align}` : undefined;
}

function renderGrid(node: Json, model: TableModel, state: RenderState): Child {
  const covered = coveredCells(model);
  return (
    <div class={`doc-table${dataOf(node).fullWidth === true ? " doc-full-width" : ""}`} tabindex={0}>
      <table class="doc-table-grid">
        <thead class={model.hideHeader ? "doc-visually-hidden" : undefined}>
          <tr>
            {model.columns.map((column) => (
              <th scope="col" class={alignClass(column.definition)}>
                {column.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {model.records.map((record) => (
            <tr>
              {model.columns.map((column) => {
                const key = cellKey(record.id, column.id);
                if (covered.has(key)) return null;
                const span = model.merges.get(key);
                return (
                  <td class={alignClass(column.definition)} rowspan={span && span.rowSpan > 1 ? span.rowSpan : undefined} colspan={span && span.colSpan > 1 ? span.colSpan : undefined}>
                    {renderCell(node, column, record.values[column.id], state)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function renderCards(node: Json, model: TableModel, state: RenderState): Child {
  const special = new Set([model.targetColumn, model.coverColumn, model.coverDarkColumn]);
  const fields = model.columns.filter((column) => !special.has(column.id));
  return (
    <div class={`doc-cards doc-cards--${model.cardSize}${dataOf(node).fullWidth === true ? " doc-full-width" : ""}`}>
      {model.records.map((record) => {
        const cover = model.coverColumn ? imageCellOf(record.values[model.coverColumn]) : undefined;
        const coverDark = model.coverDarkColumn ? imageCellOf(record.values[model.coverDarkColumn]) : undefined;
        const link = model.targetColumn ? namedLink(record.values[model.targetColumn], state) : null;
        const target = link?.target;
        return (
          <div class={`doc-card${target ? " doc-card--linked" : ""}`}>
            {cover ? imageElements(cover.ref, coverDark?.ref, state, { alt: cover.alt ?? "", className: "doc-card-cover" }) : null}
            <div class="doc-card-body">
              {fields.map((column) => (
                <div class="doc-card-field">
                  {model.hideHeader || column.title === "" ? null : <span class="doc-card-field-title">{column.title}</span>}
                  {renderCell(node, column, record.values[column.id], state)}
                </div>
              ))}
            </div>
            {target ? (
              <a class="doc-card-link" href={target.href} rel={target.external ? "noopener noreferrer" : undefined}>
                <span class="doc-visually-hidden">{link!.summary.title}</span>
              </a>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}
