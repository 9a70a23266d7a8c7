/**
 * Code a page will certainly need next, fetched ahead of time. The app registers loaders by name and a
 * feature asks for them without importing the app (for example the login page warms up the signed-in
 * shell while the sign-in request is on the wire).
 */
export type PreloadName = 'signedIn';

const loaders = new Map<PreloadName, () => Promise<unknown>>();

export function registerPreload(name: PreloadName, load: () => Promise<unknown>): void {
  loaders.set(name, load);
}

export function preload(name: PreloadName): void {
  // A failure here is harmless: the route loads (and reports) the chunk again when it is opened.
  loaders
    .get(name)?.()
    .catch(() => undefined);
}
