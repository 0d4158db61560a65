/**
 * Query keys that more than one feature needs to know: the preferences screen drops the cached
 * home data after saving, because the recommendations depend on the picked categories.
 */
export const catalogueKeys = {
  categories: () => ['categories'] as const,
  home: () => ['home'] as const,
  // The account menu's count; spending a free summary drops it.
  freeSummaries: () => ['free-summaries'] as const,
};
