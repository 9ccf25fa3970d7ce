/** hls.js's light build (no subtitles, alternate audio or DRM: captions are the <video>'s own track) has the full build's API; its package exports no types for it. */
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}

/** The same light build as an ES module file: the loader tests run hls.js's own fetch loader from it. */
declare module 'hls.js/dist/hls.light.mjs' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}
