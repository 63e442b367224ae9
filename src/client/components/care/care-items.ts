/** What differs between the request and package screens: words, routes and the permission resource. */
export const CARE_ITEMS = {
  request: {
    resource: 'requests',
    one: 'Request',
    listPath: '/requests',
    editPath: (id: string) => `/requests/edit?id=${encodeURIComponent(id)}`,
    /** The view dialog's title. */
    viewTitle: (name: string) => `Request for ${name}`,
    notFound: 'Request not found',
    loadError: 'Error loading request',
  },
  package: {
    resource: 'packages',
    one: 'Package',
    listPath: '/packages',
    editPath: (id: string) => `/packages/edit/${id}`,
    viewTitle: (name: string) => `Package: ${name}`,
    notFound: 'Package not found',
    loadError: 'Error loading package',
  },
} as const;

export type CareItem = keyof typeof CARE_ITEMS;
