/** Names change only through the Edit name dialog (spec §2.7, §5). */
export const NAME_CHANGE_REFUSED = 'The name cannot be changed here. Use Edit name to change it.';
