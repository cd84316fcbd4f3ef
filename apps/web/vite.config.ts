import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [reactRouter()],
  // The shared package ships TypeScript sources; bundle them into the server build too.
  ssr: { noExternal: ['@store/shared'] },
  build: { target: 'es2022' },
});
