import { Box } from '@chakra-ui/react';
import { useRevalidator, useRouteError } from 'react-router';
import { ScreenError } from '../components/ErrorBoundary.tsx';

/**
 * Every route's errorElement: what a loader or a screen threw, as the translated message with a
 * retry, never react-router's developer page. Inside the layout it takes the screen's place, so
 * the top bar, menu and tabs stay.
 */
export function RouteError() {
  const error = useRouteError();
  const revalidator = useRevalidator();
  return (
    <Box bg="bg.panel" borderRadius="lg" borderWidth="1px" m="4">
      <ScreenError error={error} onRetry={() => void revalidator.revalidate()} />
    </Box>
  );
}
