import { ChakraProvider } from '@chakra-ui/react';
import { StrictMode, useMemo } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Toaster } from './components/toaster.tsx';
import { UpdateNotice } from './components/UpdateNotice.tsx';
import { applyLang, currentLang } from './i18n/index.ts';
import { createRouter } from './router/index.tsx';
import { system } from './theme/index.ts';

function App() {
  const router = useMemo(() => createRouter(), []);
  return <RouterProvider router={router} />;
}

applyLang(currentLang());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ChakraProvider value={system}>
      <App />
      <Toaster />
      <UpdateNotice />
    </ChakraProvider>
  </StrictMode>,
);
