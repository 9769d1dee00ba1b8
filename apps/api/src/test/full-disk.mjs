// A full disk for the embedded database's thread, for tests: loaded with `node --import` (a worker
// thread inherits it), it makes every file write of a worker thread fail with ENOSPC, as the kernel
// does on a full disk, while the file named by MADRESEH_TEST_FULL_DISK exists. The engine's own file
// layer (PGlite's NODEFS calls fs.writeSync) meets it exactly where a real full disk would stop it.
import fs from 'node:fs';
import { isMainThread } from 'node:worker_threads';

const flag = process.env.MADRESEH_TEST_FULL_DISK;
if (flag && !isMainThread) {
  const { writeSync, existsSync } = fs;
  const full = (fd) => fd > 2 && existsSync(flag);
  fs.writeSync = function (fd, ...rest) {
    if (full(fd)) {
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), {
        code: 'ENOSPC',
        errno: -28,
        syscall: 'write',
      });
    }
    return writeSync.call(this, fd, ...rest);
  };
}
