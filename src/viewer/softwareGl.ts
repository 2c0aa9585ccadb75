/**
 * Without a GPU (a software WebGL: SwiftShader, llvmpipe) every pixel of
 * every frame is drawn on the CPU, in the browser's GPU process: a trace of
 * a phone fling had it busy 5.3 s of 7.3 s drawing the canvas at 2 device
 * pixels per CSS pixel, while the page's main thread had no long task. On
 * such a renderer the canvas draws at one device pixel per CSS pixel (a
 * quarter of the work), set once at start: switching the resolution while
 * the pages move reallocates the drawing buffer, 50-120 ms each time.
 */
export function isSoftwareGl(gl: WebGLRenderingContext): boolean {
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  const name = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER) ?? '');
  return /swiftshader|llvmpipe|softpipe|software/i.test(name);
}
