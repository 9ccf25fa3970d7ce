/** hls.js's light build (no subtitles, alternate audio or DRM: captions are the <video>'s own track) has the full build's API; its package exports no types for it. */
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}
