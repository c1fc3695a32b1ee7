"""The live desk: articles grouped into stories as they arrive, copies recognised, and
what is trending.

``features`` (article -> words, names, time) -> ``dedup`` (MinHash/LSH copies) ->
``grouping`` (:class:`StoryGrouper`, online) ; ``terms`` (hashtags, names, phrases) ->
``trends`` (:class:`TrendDetector`, SigniTrend-style, bounded memory) ; ``tracker`` keeps
both in step with the store (its trend half: ``trend_counting``, over the evidence
``trend_evidence`` says an article or post adds) ; ``postfile`` reads ``ingest --posts``
streams ; ``api`` and ``when`` answer :meth:`storydesk.Desk.stories` and :meth:`storydesk.Desk.trends`, with
``trend_list`` (one term per thing, sources, the story holding most mentions) and
``clock`` (where the window ends).
"""
