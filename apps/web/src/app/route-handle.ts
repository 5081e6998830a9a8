// What a route may ask of the shell around it, given as the route's `handle`. The shell reads
// the handles of every matched route, so a screen states it once, where it is routed.

export interface ScreenHandle {
  /** Spec §2 screens 4 and 16: the footer is hidden. */
  hidesFooter?: boolean
  /** Spec §2 screens 4 and 16: the background image is hidden. */
  hidesBackground?: boolean
}

export interface ShellOptions {
  hasFooter: boolean
  hasBackground: boolean
}

function isScreenHandle(handle: unknown): handle is ScreenHandle {
  return typeof handle === 'object' && handle !== null
}

/** The shell's options for the matched routes' handles (any route may hide a part). */
export function shellOptionsOf(handles: readonly unknown[]): ShellOptions {
  const screenHandles = handles.filter(isScreenHandle)
  return {
    hasFooter: !screenHandles.some((handle) => handle.hidesFooter === true),
    hasBackground: !screenHandles.some((handle) => handle.hidesBackground === true),
  }
}
