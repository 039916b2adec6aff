# Time against volume moved, per case (bench/run.sh passes data and out):
#   gnuplot -e "data='plot.dat'; out='plot.png'" plot.gp
set terminal pngcairo size 1000,650 noenhanced
set output out
set logscale xy
set xlabel "volume copied (MiB)"
set ylabel "time per call (s), median, slowest process"
set key top left
set grid
set format y "%.0e"
set title "mr2d against ScaLAPACK p?gemr2d / p?trmr2d and the copy limit"
plot data using 2:3 with points pt 7 ps 1.3 title "ScaLAPACK, default allocator", \
     data using 2:4 with points pt 5 ps 1.3 title "ScaLAPACK, memory reuse", \
     data using 2:5 with points pt 9 ps 1.5 title "mr2d (auto)", \
     data using 2:6 with points pt 1 ps 1.5 title "copy limit", \
     data using 2:5:1 with labels offset 0,-1 font ",8" notitle
