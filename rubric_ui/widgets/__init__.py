"""Drawn parts the pages share: a run's live view, criteria tables, heatmap, diff, transcript, status chips,
suite views, share links, the project pickers, the sidebar. A widget never imports a page (lint-imports)."""
