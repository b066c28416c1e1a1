#ifndef IMGSITE_CVIPSLOADER_H
#define IMGSITE_CVIPSLOADER_H

// libvips, loaded when first called instead of at process start.
//
// libvips and the ~95 libraries it links (SVG, PDF, TIFF, OpenEXR, curl,
// TLS, ...) take the dynamic loader 20-25 ms to map and relocate: at process
// start, serial time on one core before any of imgsite's own code runs. On
// x86-64 Linux imgsite therefore does not link libvips. Each libvips function
// it calls is an entry point in trampolines.S whose first call loads the
// library here (dlopen), and `Vips.prepare()` makes that first call on a
// thread of its own while the command reads its options, config, build
// database and folders. Elsewhere libvips is linked as usual (Package.swift):
// no entry points are defined, and imgsite_vips_ensure_loaded does nothing.

// Loads libvips now if it is not yet (waiting for a load under way), so that
// dlsym and dladdr find it. The libvips functions load it themselves.
void imgsite_vips_ensure_loaded(void);

#endif
