import { renderToStaticMarkup } from 'react-dom/server';
import { LANDING_TEMPLATE_ID, LOADING_TEMPLATE_ID } from '@/client/lib/sign-in-state';
import { LoadingScreen } from '@/client/components/status-screens';
import { LandingPage } from './landing-page';

/**
 * The landing page and the app's loading screen as HTML, drawn when the page is built (vite.config.ts): a signed-out
 * visitor sees the landing page with the page's stylesheet and a few lines of script, without React, on a slow line at
 * once; anyone else sees the loading screen while the app's own code is on its way.
 */
export function pagesDrawnAtBuild(): string {
  return [
    `<template id="${LANDING_TEMPLATE_ID}">${renderToStaticMarkup(<LandingPage />)}</template>`,
    `<template id="${LOADING_TEMPLATE_ID}">${renderToStaticMarkup(<LoadingScreen />)}</template>`,
  ].join('');
}
