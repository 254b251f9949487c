/** Whose profile a picture or a query belongs to; a leaf module, so the modal store need not import the profile query. */
export type ProfileOwner = 'client' | 'provider';
