// A text of a catalogue by its key (message-keys.ts): no texts of its own, so that the
// portal's first load can read its catalogue by key without bringing the English along.

/** The text at `key` in `tree` (a catalogue in any language): a string, a function, or nothing. */
export function textAt(tree: unknown, key: string): unknown {
  let node = tree
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, part)) return undefined
    node = (node as Record<string, unknown>)[part]
  }
  return node
}
