import type { ReactNode } from 'react'

/** A console list as a table that scrolls sideways on a narrow window: its headings, its rows. */
export function ConsoleTable({ columns, children }: { columns: string[]; children: ReactNode }) {
  return (
    <div className="console-table-wrap">
      <table className="console-table">
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  )
}
