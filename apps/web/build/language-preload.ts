/** The part of a Rolldown output chunk this module reads. */
export interface ChunkInfo {
  fileName: string;
  facadeModuleId: string | null;
  imports: string[];
}

/**
 * The default language's pack as the first screens need it: the app's zh-CN messages for them and antd's
 * zh-CN locale (the rest of the messages and dayjs's locale load after the first paint, src/lib/i18n/i18n.ts).
 */
export const DEFAULT_LANGUAGE_SOURCES: readonly RegExp[] = [
  // The first screens' part of the messages (lib/i18n/start-messages.ts); the rest loads after the first paint.
  /[\\/]src[\\/]locales[\\/]zh-CN\.ts\?start$/,
  /[\\/]antd[\\/]es[\\/]locale[\\/]zh_CN\.js$/,
];

/**
 * The chunk files to preload so the modules matching `sources` (and their static imports) arrive with
 * the entry: every file of their closure that the entry's own static closure (which Vite preloads
 * already) does not hold. Throws when a source has no chunk of its own, so a refactor cannot silently
 * drop the preload.
 */
export function languagePreloadFiles(
  chunks: readonly ChunkInfo[],
  entryFile: string,
  sources: readonly RegExp[] = DEFAULT_LANGUAGE_SOURCES,
): string[] {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const loaded = new Set<string>();
  const visit = (file: string, into: Set<string>) => {
    if (into.has(file) || loaded.has(file)) return;
    into.add(file);
    for (const imported of byFile.get(file)?.imports ?? []) visit(imported, into);
  };
  visit(entryFile, loaded);
  const pack = new Set<string>();
  for (const pattern of sources) {
    const chunk = chunks.find(
      (candidate) => candidate.facadeModuleId && pattern.test(candidate.facadeModuleId),
    );
    if (!chunk) throw new Error(`No chunk of its own for ${pattern}`);
    visit(chunk.fileName, pack);
  }
  return [...pack];
}
