/**
 * Vite plugin: the one catalogue (server/i18n/catalogue.ts) split into per-language,
 * per-area text chunks, so that a page loads only the language it shows and only the areas
 * it needs (docs/schedule-ui.md, "Texts").
 *
 * - `virtual:i18n-texts` exports `groups` (the group names) and `loaders[lang][group]`,
 *   each a dynamic import of one chunk `texts-<lang>-<group>-<hash>.js` holding
 *   `{ key: text }` for one language.
 * - Groups: `base` = the core catalogue (keys not in any area file) plus
 *   `messages/client.ts` (what the login page and the shell need); every other file under
 *   `server/i18n/messages/` and every module's `<m>.messages.ts` is a group of its own,
 *   named after the file or the module (`tasks`, `schedule`, `calendar-ui`, ...).
 *
 * The catalogue is read through Vite's module runner (`runnerImport`), so the TypeScript
 * sources stay the only source; the files it read are watched.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { runnerImport, type Plugin } from 'vite';

type Entry = { zh: string; en: string };
type Texts = Record<string, Entry>;
const LANGS = ['zh', 'en'] as const;
const MANIFEST = 'virtual:i18n-texts';
const PREFIX = '\0i18n-texts/';

/** Every file of texts: the client's own (server/i18n/messages/) and each module's `<m>.messages.ts`. */
function messageFiles(root: string): string[] {
  const client = readdirSync(path.join(root, 'server/i18n/messages'))
    .filter((f) => f.endsWith('.ts'))
    .map((f) => path.join(root, 'server/i18n/messages', f));
  const modulesDir = path.join(root, 'server/modules');
  const modules = readdirSync(modulesDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => path.join(modulesDir, d.name, `${d.name}.messages.ts`))
    .filter((f) => existsSync(f));
  return [...client, ...modules];
}

async function readGroups(root: string): Promise<{ groups: Map<string, Texts>; files: string[] }> {
  const cataloguePath = path.join(root, 'server/i18n/catalogue.ts');
  const options = { configFile: false as const, logLevel: 'silent' as const, root };
  // The catalogue module holds the core texts and the client's; modules register theirs at run
  // time, so their files are read one by one (each is a plain table with no imports of note).
  const { module } = await runnerImport<{ catalogue: Texts }>(cataloguePath, options);
  const files = messageFiles(root);
  const groups = new Map<string, Texts>([['base', {}]]);
  const owner = new Map<string, string>();
  const all: Texts = { ...module.catalogue };
  for (const file of files) {
    const name = path.basename(file, '.ts').replace(/\.messages$/, '');
    const group = name === 'client' ? 'base' : name;
    const { module: mod } = await runnerImport<Record<string, unknown>>(file, options);
    for (const value of Object.values(mod)) {
      if (!value || typeof value !== 'object') continue;
      for (const [key, entry] of Object.entries(value as Texts)) {
        owner.set(key, group);
        all[key] = entry;
      }
    }
  }
  for (const [key, entry] of Object.entries(all)) {
    const group = owner.get(key) ?? 'base';
    if (!groups.has(group)) groups.set(group, {});
    groups.get(group)![key] = entry;
  }
  return { groups, files: [cataloguePath, ...files] };
}

export function i18nTexts(root: string): Plugin {
  let cache: Promise<{ groups: Map<string, Texts>; files: string[] }> | null = null;
  const load = () => (cache ??= readGroups(root));
  return {
    name: 'i18n-texts',
    enforce: 'pre',
    resolveId(id) {
      if (id === MANIFEST) return `${PREFIX}manifest`;
      if (id.startsWith(`${MANIFEST}/`)) return `${PREFIX}${id.slice(MANIFEST.length + 1)}.js`;
      return null;
    },
    async load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const { groups, files } = await load();
      for (const f of files) this.addWatchFile(f);
      if (id === `${PREFIX}manifest`) {
        const lines = LANGS.map((lang) => {
          const entries = [...groups.keys()].map((g) => `${JSON.stringify(g)}: () => import(${JSON.stringify(`${MANIFEST}/texts-${lang}-${g}`)})`);
          return `  ${lang}: { ${entries.join(', ')} },`;
        });
        return `export const groups = ${JSON.stringify([...groups.keys()])};\nexport const loaders = {\n${lines.join('\n')}\n};\n`;
      }
      const m = /^texts-(zh|en)-(.+)\.js$/.exec(id.slice(PREFIX.length));
      if (!m) return null;
      const [, lang, group] = m as unknown as [string, 'zh' | 'en', string];
      const texts = groups.get(group) ?? {};
      const out: Record<string, string> = {};
      for (const [key, entry] of Object.entries(texts)) out[key] = entry[lang];
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(out))});\n`;
    },
    // A changed catalogue file is read again (dev server and watch builds).
    watchChange(id) {
      if (cache && /server[/\\]i18n[/\\]/.test(id)) cache = null;
    },
    handleHotUpdate({ file, server }) {
      if (!/server[/\\]i18n[/\\]/.test(file)) return;
      cache = null;
      for (const mod of server.moduleGraph.idToModuleMap.values()) {
        if (mod.id?.startsWith(PREFIX)) server.moduleGraph.invalidateModule(mod);
      }
      server.ws.send({ type: 'full-reload' });
      return [];
    },
  };
}
