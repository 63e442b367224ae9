import { renderToStaticMarkup } from 'react-dom/server';
import { LANDING_TEMPLATE_ID, LOADING_TEMPLATE_ID } from '@/client/lib/sign-in-state';
import { LoadingScreen } from '@/client/components/status-screens';
import { LandingPage } from './landing-page';

/** What the build draws into the page: the landing page's template, the loading screen's, and the loading screen. */
export interface DrawnAtBuild {
  landingTemplate: string;
  loadingTemplate: string;
  loadingScreen: string;
}

/**
 * The landing page and the app's loading screen as HTML, drawn when the page is built (vite.config.ts): a signed-out
 * visitor sees the landing page with the page's stylesheet and a few lines of script, without React, on a slow line at
 * once; anyone else sees the loading screen while the app's own code is on its way.
 */
export function drawnAtBuild(): DrawnAtBuild {
  const loadingScreen = renderToStaticMarkup(<LoadingScreen />);
  return {
    landingTemplate: `<template id="${LANDING_TEMPLATE_ID}">${renderToStaticMarkup(<LandingPage />)}</template>`,
    loadingTemplate: `<template id="${LOADING_TEMPLATE_ID}">${loadingScreen}</template>`,
    loadingScreen,
  };
}
