// A back-office list's table with the line shown when it has no rows and the pages under it (the
// record lists' frame and the pages that are only a table), and the one-button form a row posts with.
import type { ReactNode } from 'react';
import { Form } from 'react-router';
import { Pager } from './page-parts.tsx';

export interface ListTableProps {
  headCells: ReactNode;
  rowCount: number;
  emptyText: string;
  pages: Parameters<typeof Pager>[0];
  /** The table's rows. */
  children: ReactNode;
}

export function ListTable({ headCells, rowCount, emptyText, pages, children }: ListTableProps) {
  return (
    <>
      <div className="bo-table-wrap">
        <table className="bo-table">
          <thead>
            <tr>{headCells}</tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
        {rowCount === 0 ? <p className="bo-empty">{emptyText}</p> : null}
      </div>
      <Pager {...pages} />
    </>
  );
}

/** A row's action: posts `intent` with the row's `id` to the page's action. */
export function RowIntentButton({
  id,
  intent,
  label,
  children,
}: {
  id: number;
  intent: string;
  /** The button's accessible name, which says which row it acts on. */
  label: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" className="bo-inline-form">
      <input type="hidden" name="id" value={id} />
      <button type="submit" name="intent" value={intent} className="bo-button bo-button--small" aria-label={label}>
        {children}
      </button>
    </Form>
  );
}
