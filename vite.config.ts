import { readFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { i18nTexts } from './client/scripts/i18n-texts.ts';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

/**
 * Replaces each `graphql` tagged template with the artifact relay-compiler wrote next to the
 * file (`__generated__/<Name>.graphql.ts`), which is what babel-plugin-relay does. Vite 8's
 * React plugin no longer runs Babel, and the artifacts are ES modules (eagerEsModules), so a
 * static import is all that is needed.
 */
function relayArtifacts(): Plugin {
  const TAG = /\bgraphql`([^`]*)`/g;
  const NAME = /\b(?:query|mutation|subscription|fragment)\s+([A-Za-z_][A-Za-z0-9_]*)/;
  return {
    name: 'relay-artifacts',
    enforce: 'pre',
    transform(code, id) {
      if (!/\.[cm]?tsx?$/.test(id) || id.includes('node_modules') || !code.includes('graphql`')) return null;
      const imports = new Map<string, string>();
      let out = code.replace(TAG, (_all, text: string) => {
        const name = NAME.exec(text)?.[1];
        if (!name) this.error(`graphql tag without an operation or fragment name in ${id}`);
        const local = `__relay_${name}`;
        imports.set(local, `./__generated__/${name}.graphql.ts`);
        return local;
      });
      // The tag itself is gone: drop its import so a file that only used `graphql` from
      // react-relay (the login route) does not pull react-relay in.
      out = out.replace(/import\s*\{([^}]*)\}\s*from\s*(['"])react-relay\2;?/, (statement, names: string) => {
        const rest = names
          .split(',')
          .map((n) => n.trim())
          .filter((n) => n && n !== 'graphql');
        return rest.length ? `import { ${rest.join(', ')} } from 'react-relay';` : '';
      });
      const header = [...imports].map(([local, file]) => `import ${local} from ${JSON.stringify(file)};`).join('\n');
      return { code: `${header}\n${out}`, map: null };
    },
  };
}

export default defineConfig({
  root: path.resolve(import.meta.dirname, 'client'),
  base: '/',
  publicDir: path.resolve(import.meta.dirname, 'client/public'),
  plugins: [relayArtifacts(), i18nTexts(import.meta.dirname), react()],
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  build: {
    outDir: path.resolve(import.meta.dirname, 'client/dist'),
    emptyOutDir: true,
    assetsDir: 'assets',
    chunkSizeWarningLimit: 800,
    reportCompressedSize: true,
  },
  server: {
    proxy: { '/graphql': 'http://localhost:4000', '/api': 'http://localhost:4000' },
  },
});
