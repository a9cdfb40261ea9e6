"""What a page shows that is neither a table nor a form, built from the read models for the views: a member's
charts (``charts``, inline SVG with a table of their figures), a game's history in words (``history``), the
front page's next steps for the people running a club (``next_steps``) and the standings as JSON
(``api_standings``).

Above the read models and the page tables, below the views: nothing here imports a form, a service or a view.
"""
