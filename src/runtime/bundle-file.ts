// Sends a file of the bundle as it is, once the bundle folder has vouched that it is a regular file inside it.
import type { Response } from 'express';
import type { LoadedBundle } from '../bundle/index.js';

/**
 * Sends `file` (bundle-relative) by its real path, as the bundle folder resolves it: a symbolic
 * link planted in the bundle that leads out of it, a FIFO, or a missing file calls `fail` instead,
 * as does an error while sending. `headers` go with it. Dotfiles are the caller's to refuse (the real path may pass
 * through a dot-folder such as ~/.cache, which says nothing about the file).
 */
export function sendBundleFile(
  res: Response,
  bundle: LoadedBundle,
  file: string,
  headers: Readonly<Record<string, string>>,
  fail: (error: unknown) => void,
): void {
  let real: string;
  try {
    real = bundle.folder.file(file).real;
  } catch (error) {
    fail(error);
    return;
  }
  res.sendFile(real, { dotfiles: 'allow', headers }, (error) => {
    if (error) fail(error);
  });
}
