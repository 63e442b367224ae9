import { renderToStaticMarkup } from 'react-dom/server';
import { LANDING_TEMPLATE_ID } from '@/client/lib/sign-in-state';
import { LandingPage } from './landing-page';

/**
 * The landing page as HTML, drawn when the page is built (vite.config.ts): a signed-out visitor sees it with the
 * page's stylesheet and a few lines of script, without React, on a slow line at once.
 */
export function landingTemplate(): string {
  return `<template id="${LANDING_TEMPLATE_ID}">${renderToStaticMarkup(<LandingPage />)}</template>`;
}
