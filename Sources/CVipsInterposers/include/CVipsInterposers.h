// libvips' and liborc's entry points that imgsite defines itself, so that
// libvips' own calls to them (through the dynamic linker) land here first.
// Only the `imgsite` executable (and the tests) link this target: it needs
// its symbols exported (`--export-dynamic-symbol`, a linker flag a library
// product cannot carry). Without it, each path it serves is off and the
// start-up self-checks say so (`imgsite --version`).
#ifndef IMGSITE_CVIPS_INTERPOSERS_H
#define IMGSITE_CVIPS_INTERPOSERS_H

/// Present so the target has a symbol of its own to name; always 1.
int imgsite_interposers_linked(void);

#endif
