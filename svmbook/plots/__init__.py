"""Pure figure builders for the svmbook notebooks, one module per chapter theme, in one style.

Every function takes data (and, where relevant, a fitted model or a solver's result) and an
optional ``ax``; it draws into ``ax``, creating a figure only when ``ax`` is None, and returns what
it drew into. Nothing here fits a model, runs a solver or calls ``plt.show``; nothing changes
global state except :func:`use_style`, which a notebook calls once. Each function draws inside
:func:`style`, so the figures it creates have the book's size and fonts even when
:func:`use_style` was not called. The shared artists (points, support vectors, lines, margins,
polygons) are those of :mod:`svmbook.plots._style`.

Modules: :mod:`~svmbook.plots.theory` (Gunn ch. 1), :mod:`~svmbook.plots.hyperplane` (ch. 2),
:mod:`~svmbook.plots.kernels` (ch. 3), :mod:`~svmbook.plots.regression` (ch. 5, and the smooth
regression of ch. 17), :mod:`~svmbook.plots.kdr` (kernel dimension reduction, ch. 17),
:mod:`~svmbook.plots.smo` (SMO and decomposition), :mod:`~svmbook.plots.geometry`,
:mod:`~svmbook.plots.hulls`, :mod:`~svmbook.plots.nearest_point` and
:mod:`~svmbook.plots.weighting` (Goodrich chs. 2-5), :mod:`~svmbook.plots.model_selection`
(Goodrich ch. 6, Nguyen ch. 4), :mod:`~svmbook.plots.radius_margin` (Goodrich section 6.3),
:mod:`~svmbook.plots.working_sets` (Nguyen's first working sets from trained machines, ch. 4),
:mod:`~svmbook.plots.simplify` (Nguyen's merges and simplified 2-D machines, ch. 3),
:mod:`~svmbook.plots.reduced_set` (Nguyen's simplified machines on USPS, ch. 3),
:mod:`~svmbook.plots.reduced` (the smooth SVM and the reduced kernel, the RSVM review),
:mod:`~svmbook.plots.distributed` (the Big Table of the MapReduce RSVM),
:mod:`~svmbook.plots.kdr` (kernel dimension reduction: components and canonical variates),
:mod:`~svmbook.plots.input_margin` (Akaho's input-space margin: foot points, the foot iteration,
the steps of Algorithm 1 and the simulation's scatters), and :mod:`~svmbook.plots.grid` (small
multiples of any of them).
"""

from svmbook.plots._style import COLORS, MARKERS, OKABE_ITO, STYLE, style, use_style
from svmbook.plots.distributed import plot_big_table
from svmbook.plots.geometry import (
    plot_meb,
    plot_mu_svm_2d,
    plot_nearest_neighbour,
    plot_svm_geometry,
)
from svmbook.plots.grid import plot_grid
from svmbook.plots.hulls import (
    plot_extreme_vertex,
    plot_hull_3d,
    plot_hull_counts,
    plot_hull_step,
    plot_ksets,
    plot_qrh_filters,
    plot_rch,
    plot_symmetry,
    plot_wrch,
    plot_wrch_weights,
)
from svmbook.plots.hyperplane import (
    feature_map_quadratic,
    plot_canonical_hyperplane,
    plot_feature_map,
    plot_linear_classifier,
    plot_norm_constraint,
    plot_regularisation_path,
    plot_separating_lines,
    plot_slacks,
    plot_svc_2d,
)
from svmbook.plots.input_margin import (
    plot_algorithm_step,
    plot_algorithm_steps,
    plot_error_comparison,
    plot_foot_iteration,
    plot_input_margin,
    plot_margin_comparison,
    plot_step_margins,
)
from svmbook.plots.kdr import plot_canonical_variates, plot_components
from svmbook.plots.kernels import plot_kernel_gram, plot_kernel_profile
from svmbook.plots.model_selection import (
    plot_c_path,
    plot_design,
    plot_estimate_map,
    plot_mu_map,
    plot_mu_search,
)
from svmbook.plots.nearest_point import (
    plot_linear_classifiers,
    plot_min_norm_point,
    plot_mu_sweep,
    plot_np_path,
    plot_np_step,
    plot_traces,
)
from svmbook.plots.radius_margin import plot_bound_bands, plot_iteration_map
from svmbook.plots.reduced import (
    plot_gradient_norms,
    plot_selection_comparison,
    plot_size_curves,
    plot_smooth_boundary,
    plot_smooth_plus,
)
from svmbook.plots.reduced_set import plot_reduced_vectors, plot_reduction_accuracy
from svmbook.plots.regression import plot_losses, plot_smooth_eps_loss, plot_svr_1d
from svmbook.plots.simplify import plot_merge_curve, plot_merge_pair, plot_simplified_boundary
from svmbook.plots.smo import (
    loglog_slope,
    plot_pair_step,
    plot_scaling,
    plot_smo_trace,
    plot_speedups,
)
from svmbook.plots.theory import plot_modelling_errors, plot_shattering, plot_vc_bound
from svmbook.plots.weighting import (
    THRESHOLD_STYLES,
    plot_c_threshold,
    plot_platt_fit,
    plot_strategy_errors,
    plot_threshold_path,
    plot_thresholds,
    plot_weighted_svm,
)
from svmbook.plots.working_sets import plot_common_svs, plot_working_set_curves

__all__ = [
    "COLORS",
    "MARKERS",
    "OKABE_ITO",
    "STYLE",
    "THRESHOLD_STYLES",
    "feature_map_quadratic",
    "loglog_slope",
    "plot_algorithm_step",
    "plot_algorithm_steps",
    "plot_big_table",
    "plot_bound_bands",
    "plot_c_path",
    "plot_c_threshold",
    "plot_canonical_hyperplane",
    "plot_canonical_variates",
    "plot_common_svs",
    "plot_components",
    "plot_design",
    "plot_error_comparison",
    "plot_estimate_map",
    "plot_extreme_vertex",
    "plot_feature_map",
    "plot_linear_classifier",
    "plot_foot_iteration",
    "plot_gradient_norms",
    "plot_grid",
    "plot_hull_3d",
    "plot_hull_counts",
    "plot_hull_step",
    "plot_input_margin",
    "plot_iteration_map",
    "plot_kernel_gram",
    "plot_kernel_profile",
    "plot_ksets",
    "plot_linear_classifiers",
    "plot_losses",
    "plot_margin_comparison",
    "plot_meb",
    "plot_merge_curve",
    "plot_merge_pair",
    "plot_min_norm_point",
    "plot_modelling_errors",
    "plot_mu_map",
    "plot_mu_search",
    "plot_mu_svm_2d",
    "plot_mu_sweep",
    "plot_nearest_neighbour",
    "plot_norm_constraint",
    "plot_np_path",
    "plot_np_step",
    "plot_pair_step",
    "plot_platt_fit",
    "plot_qrh_filters",
    "plot_rch",
    "plot_reduced_vectors",
    "plot_reduction_accuracy",
    "plot_regularisation_path",
    "plot_scaling",
    "plot_selection_comparison",
    "plot_separating_lines",
    "plot_shattering",
    "plot_simplified_boundary",
    "plot_size_curves",
    "plot_slacks",
    "plot_smooth_eps_loss",
    "plot_smo_trace",
    "plot_smooth_boundary",
    "plot_smooth_plus",
    "plot_speedups",
    "plot_step_margins",
    "plot_strategy_errors",
    "plot_svc_2d",
    "plot_svm_geometry",
    "plot_svr_1d",
    "plot_symmetry",
    "plot_threshold_path",
    "plot_thresholds",
    "plot_traces",
    "plot_vc_bound",
    "plot_weighted_svm",
    "plot_working_set_curves",
    "plot_wrch",
    "plot_wrch_weights",
    "style",
    "use_style",
]
