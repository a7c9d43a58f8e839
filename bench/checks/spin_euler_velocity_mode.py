# Independent check (not part of the test suite; needs numpy and scipy): why classical HHT fails on the free
# spin at alpha = 0 (docs/stability-and-tolerance.md, "The free spin at alpha = 0"). A single-axis spin keeps the
# Euler parameters in the (e0, e1) plane, so the planar problem holds the whole mechanism: e in R^2 with the index-3
# constraint e.e = 1, kinetic energy 2 J (n.ed)^2 with n = (-e1, e0), i.e.
#     4 J n (n.edd) + 8 J (n.ed) nd + 2 lam e - 2 M n = 0,   nd = (-ed1, ed0),
# integrated by HHT-alpha (Newmark beta = (1 - alpha)^2 / 4, gamma = (1 - 2 alpha) / 2, forces weighted
# (1 + alpha) at t_n+1 and -alpha at t_n), each step solved with scipy fsolve.
# Prints (1) the eigenvalues of the linearised one-step map about a steady spin (M = 0) in the body's own frame
# (state: radial and tangential velocity and acceleration, lam), against -rho_inf (1 +- Omega h), Omega = |w|/2;
# (2) s = e.ed at t = 0.1, 0.5, 1 s and the time |s| passes 0.5 on the spin scenario (w0 = 10, M = 5, alpha = 0):
# the seed of the mode is O(h^2), so a 10x smaller h only delays the failure by ln(100)/Omega.
import warnings

import numpy as np
from scipy.optimize import fsolve

J = 1.0
warnings.filterwarnings('ignore', category=RuntimeWarning)  # fsolve's 'no further improvement' at xtol 1e-14


def forces(e, ed, lam, moment):
    n = np.array([-e[1], e[0]]); nd = np.array([-ed[1], ed[0]])
    return 8 * J * (n @ ed) * nd + 2 * lam * e - 2 * moment * n


def step(e, ed, edd, lam, h, alpha, moment):
    beta, gamma = (1 - alpha) ** 2 / 4, (1 - 2 * alpha) / 2
    update = lambda dd: (e + h * ed + h * h * ((0.5 - beta) * edd + beta * dd), ed + h * ((1 - gamma) * edd + gamma * dd))

    def residual(x):
        en, edn = update(x[:2])
        n = np.array([-en[1], en[0]])
        r = 4 * J * n * (n @ x[:2]) + (1 + alpha) * forces(en, edn, x[2], moment) - alpha * forces(e, ed, lam, moment)
        return np.array([r[0], r[1], en @ en - 1])

    x = fsolve(residual, np.array([*edd, lam]), xtol=1e-14)
    en, edn = update(x[:2])
    return en, edn, x[:2], x[2]


def local(e, ed, edd, lam):
    ur = e / np.linalg.norm(e); ut = np.array([-ur[1], ur[0]])
    return np.array([ur @ ed, ut @ ed, ur @ edd, ut @ edd, lam])


def from_local(z):
    ur, ut = np.array([1.0, 0.0]), np.array([0.0, 1.0])
    return ur, z[0] * ur + z[1] * ut, z[2] * ur + z[3] * ut, z[4]


def eigenvalues(omega, h, alpha):
    """Eigenvalues of the one-step map linearised (forward differences) about a steady spin at |w| = omega."""
    big = omega / 2
    z = np.array([0.0, big, -big * big, 0.0, 4 * J * big * big])
    for _ in range(30):
        z = local(*step(*from_local(z), h, alpha, 0.0))
    z[0] = z[3] = 0.0
    z0 = local(*step(*from_local(z), h, alpha, 0.0))
    jac = np.zeros((5, 5)); eps = 1e-6
    for j in range(5):
        dz = np.zeros(5); dz[j] = eps
        jac[:, j] = (local(*step(*from_local(z + dz), h, alpha, 0.0)) - z0) / eps
    return np.linalg.eigvals(jac)


print('alpha  Omega*h  negative eigenvalues (the sign-flipping pair first)  -rho_inf (1 +- Omega h)')
for alpha in (0.0, -0.05, -0.3):
    rho = (1 + alpha) / (1 - alpha)
    for omega in (10, 20, 40):
        h = 0.01
        ev = eigenvalues(omega, h, alpha)
        negative = sorted(ev.real[ev.real < -0.1])
        pair = ', '.join(f'{x:.4f}' for x in negative)
        print(f'{alpha:5}  {omega / 2 * h:6.2f}   {pair:40}   {-rho * (1 + omega / 2 * h):.4f}, {-rho * (1 - omega / 2 * h):.4f}')

print('\nspin, alpha = 0, w0 = 10 rad/s, M = 5 N m: s = e.ed')
for h in (0.01, 0.005, 0.001):
    e, ed = np.array([1.0, 0.0]), np.array([0.0, 5.0])
    edd, lam, seen, k = np.array([-25.0, 2.5]), 0.0, {}, 0
    while True:
        e, ed, edd, lam = step(e, ed, edd, lam, h, 0.0, 5.0)
        k += 1
        s = e @ ed
        for t in (0.1, 0.5, 1.0):
            if abs(k * h - t) < h / 2:
                seen[t] = f'{s:.3g}'
        if abs(s) > 0.5 or k * h > 3:
            break
    print(f'h = {h}: s(0.1, 0.5, 1 s) = {seen}; |s| > 0.5 at t = {k * h:.3f} s')
