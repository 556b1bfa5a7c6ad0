import { ChakraProvider } from '@chakra-ui/react';
import { useState } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import { Snackbar } from '../shared/layout/Snackbar';
import { SessionBoot } from './SessionBoot';
import { AppRoutes } from './routes';
import { makeStore } from './store';
import { system } from '../shared/theme';

export function App() {
  const [store] = useState(makeStore);
  return (
    <Provider store={store}>
      <ChakraProvider value={system}>
        <BrowserRouter>
          <SessionBoot>
            <AppRoutes />
          </SessionBoot>
          <Snackbar />
        </BrowserRouter>
      </ChakraProvider>
    </Provider>
  );
}
