import { SCRIPT_CATEGORIES, type ScriptCategory } from '@callwise/shared/calls';
import type { Ref } from 'react';
import { SearchField } from '@/components/search-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { CATEGORY_LABELS } from '@/features/scripts/components/script-category-badge';

export function ScriptsToolbar({
  searchRef,
  search,
  onSearchChange,
  category,
  onCategoryChange,
}: {
  /** The search box, where the focus goes when the filters are cleared. */
  searchRef?: Ref<HTMLInputElement>;
  search: string;
  onSearchChange: (value: string) => void;
  category: ScriptCategory | 'all';
  onCategoryChange: (value: ScriptCategory | 'all') => void;
}) {
  return (
    <search className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <SearchField
        ref={searchRef}
        aria-label="Search scripts"
        placeholder="Search scripts..."
        className="flex-1 sm:max-w-sm"
        value={search}
        onChange={(event) => onSearchChange(event.target.value)}
      />
      <Select value={category} onValueChange={(value) => onCategoryChange(value as ScriptCategory | 'all')}>
        <SelectTrigger aria-label="Filter by category" className="w-full sm:w-44">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value="all">All categories</SelectItem>
          {SCRIPT_CATEGORIES.map((item) => (
            <SelectItem key={item} value={item}>
              {CATEGORY_LABELS[item]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </search>
  );
}
