
set terminal pngcairo size 1400,560 font ',10'
set output 'bench/latency_real_vs_noop.png'
set multiplot layout 1,2 title 'Service: real vs no-op server, same client and requests'
set title 'Latency distribution, open loop at 11300 calls/s (half of real saturation)'
set logscale x 10
set logscale y 10
set xlabel 'percentile'
set ylabel 'latency (microseconds)'
set xtics ('0' 1, '90' 10, '99' 100, '99.9' 1000, '99.99' 10000, '99.999' 100000)
set grid
set key left top
plot 'bench/raw/spectrum_open_real.dat' using 1:2 with linespoints lw 2 title 'real', \
     'bench/raw/spectrum_open_noop.dat' using 1:2 with linespoints lw 2 title 'no-op'
set title 'Closed-loop sweep: throughput'
unset logscale y
set logscale x 2
set xtics auto
set xlabel 'calls in flight'
set ylabel 'calls per second'
set yrange [0:*]
plot 'bench/raw/sweep_real.dat' using 1:2 with linespoints lw 2 title 'real', \
     'bench/raw/sweep_noop.dat' using 1:2 with linespoints lw 2 title 'no-op'
unset multiplot
